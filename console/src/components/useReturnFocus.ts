// Mantine's Modal gives the focus back when it closes only if it was first drawn closed; the console's dialogs
// are drawn open, while they are needed, so this hook does it for them: whatever had the focus when the dialog
// first drew (the button that opened it) has it again when the dialog goes, unless the focus went somewhere since.
import { useEffect, useState } from 'react';

export function useReturnFocus(): void {
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      if (!(opener instanceof HTMLElement)) return;
      // After the dialog's own nodes have gone, when the focus has fallen back to the page.
      window.setTimeout(() => {
        const current = document.activeElement;
        if (opener.isConnected && (current === null || current === document.body))
          opener.focus({ preventScroll: true });
      }, 0);
    },
    [opener],
  );
}
