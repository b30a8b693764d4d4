export interface BuildTarget {
  /** The npm script that builds it. */
  script: string;
  /** Files and folders, relative to the project root, it is built from. */
  sources: string[];
}

export const BUILD_TARGETS: readonly BuildTarget[];
export function newestChange(entry: string): number;
export function isStale(root: string, target: BuildTarget): boolean;
export function markBuilt(root: string, target: BuildTarget, startedAt: Date): void;
export function build(root: string, options: { onlyStale: boolean }): number;
