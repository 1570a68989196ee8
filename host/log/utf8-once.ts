// Bytes given to process() are decoded once: the log's redaction reads them as text (when they are
// valid UTF-8), and so does the digest; a second decode of a 10 MB output costs ~10 ms.

interface Scope {
  bytes: Uint8Array;
  /** Their decode, once made: they are valid UTF-8 then. */
  text?: string;
}

let scope: Scope | undefined;

/** Runs `use` with the decode of `bytes` kept for the calls inside it that decode them. */
export function withUtf8Once<T>(bytes: Uint8Array, use: () => T): T {
  if (scope !== undefined) return use();
  scope = { bytes };
  try {
    return use();
  } finally {
    scope = undefined;
  }
}

/** Bytes the caller checked are valid UTF-8, as text with a BOM kept (as Buffer#toString decodes them). */
export function validUtf8Text(bytes: Uint8Array): string {
  const s = scope;
  if (s !== undefined && s.bytes === bytes) return (s.text ??= decode(bytes));
  return decode(bytes);
}

/**
 * The UTF-8 decode of `bytes` when one was made inside the scope, with a BOM dropped as
 * TextDecoder drops it; else undefined. Valid UTF-8 has one decode, whoever makes it.
 */
export function decodedUtf8(bytes: Uint8Array): string | undefined {
  const s = scope;
  if (s === undefined || s.bytes !== bytes || s.text === undefined) return undefined;
  return s.text.charCodeAt(0) === 0xfeff ? s.text.slice(1) : s.text;
}

function decode(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
}
