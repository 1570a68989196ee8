// The redaction of the text redacted last, kept for the next one: a session redacts a short
// output for its log, then what the model sees of it, which for an output within its budget
// is the same text. redactSecrets is pure, so the kept answer is the one it would give again.
import { redactSecrets } from "./redact.js";

/**
 * Texts up to this long are kept: what the model sees is at most a budget's worth, and keeping
 * a longer one would hold a large output alive until the next call.
 */
const KEEP_UP_TO = 64 * 1024;

export class RedactionMemo {
  private text: string | undefined;
  private redacted = "";

  /** redactSecrets(text).text. */
  redact(text: string): string {
    if (text === this.text) return this.redacted;
    const redacted = redactSecrets(text).text;
    if (text.length <= KEEP_UP_TO) {
      this.text = text;
      this.redacted = redacted;
    }
    return redacted;
  }
}
