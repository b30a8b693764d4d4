// Whether a key goes into a field being typed in (an input that takes text, a text area, a select, editable
// content): the keyboard shortcuts and the page's scanner leave such keys to the field.
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  // A checkbox, radio or button input takes no text.
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type)
  );
}
