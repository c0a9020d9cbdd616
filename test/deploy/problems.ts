/**
 * What the deployment validators report: the file (or rendered object) and a path inside it, so
 * a failure says what to fix without re-running anything.
 */
export interface Problem {
  /** A file relative to the repository, or `kind/name` for a rendered Kubernetes object. */
  source: string;
  message: string;
}

/** One line per problem, for the CLI and for test failure messages. */
export function formatProblems(problems: readonly Problem[]): string {
  return problems.map((p) => `${p.source}: ${p.message}`).join('\n');
}
