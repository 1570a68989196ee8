// One abridge session per opencode session: its own log (named after opencode's session id, so
// `abridge_read` in a later run of the same session still finds the calls of the earlier ones),
// and a count of the log writes that failed, so a call whose output did not reach the log can be
// told apart from one that did.
import type { AbridgeError } from "../errors.js";
import type { Abridge } from "../session.js";

/** Sessions kept open at once (an opencode server can hold many); the least recent is closed. */
export const MAX_OPEN_SESSIONS = 16;

export interface OpenSession {
  abridge: Abridge;
  /** Log writes of this session that failed so far. */
  logFailures: number;
}

export class OpencodeSessions {
  private readonly open = new Map<string, OpenSession>();

  constructor(
    private readonly create: (sessionID: string) => Abridge,
    private readonly onLogError: (error: AbridgeError) => void,
    private readonly max = MAX_OPEN_SESSIONS,
  ) {}

  get(sessionID: string): OpenSession {
    let s = this.open.get(sessionID);
    if (s) {
      this.open.delete(sessionID); // most recent last
    } else {
      const abridge = this.create(sessionID);
      const created: OpenSession = { abridge, logFailures: 0 };
      abridge.on("error", (err) => {
        created.logFailures++;
        this.onLogError(err);
      });
      s = created;
    }
    this.open.set(sessionID, s);
    while (this.open.size > this.max) {
      const [oldest, session] = this.open.entries().next().value as [string, OpenSession];
      this.open.delete(oldest);
      session.abridge.close().catch(() => undefined); // closing a log cannot fail the call that opened another
    }
    return s;
  }

  async closeAll(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.all(all.map((s) => s.abridge.close()));
  }
}
