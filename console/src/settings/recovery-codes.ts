/** The text file a user downloads to keep their recovery codes. */
export function recoveryCodesText(codes: readonly string[], account: string, issued: Date = new Date()): string {
  return [
    `Quartermaster recovery codes for ${account}`,
    `Issued ${issued.toISOString()}. Each code signs in once, in place of an authentication code.`,
    '',
    ...codes,
    '',
  ].join('\n');
}
