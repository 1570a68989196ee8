// The contract every agent integration's installer follows: compute the file edits first
// (so --dry-run can print them and uninstall can undo exactly them), write them after.

/** The agents `abridge install` knows. */
export type AgentName = "claude" | "codex" | "opencode" | "gemini" | "pi";

/** Where to install: one project's config, or the user's global config. */
export type InstallScope = "project" | "global";

export interface InstallContext {
  scope: InstallScope;
  /** The project directory (absolute) for scope "project". */
  projectDir: string;
  /** The user's home directory (absolute); agents' global config lives under it. */
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  /**
   * The command line that starts the abridge CLI, as argv (absolute paths: node and the CLI
   * bundle of the installed package), so hooks work whatever the agent's PATH is.
   */
  abridgeCommand: readonly string[];
}

/** One file's content before and after; null means the file does not exist (or is removed). */
export interface FileChange {
  path: string;
  before: string | null;
  after: string | null;
}

export interface InstallTarget {
  agent: AgentName;
  /** The edits that install abridge, merged into whatever the files hold today; [] when already installed. */
  planInstall(ctx: InstallContext): FileChange[];
  /** The edits that remove exactly what planInstall added, leaving the user's own settings alone. */
  planUninstall(ctx: InstallContext): FileChange[];
  /** What the user still has to do in the agent itself once the files are written, if anything. */
  afterInstall?: string;
}
