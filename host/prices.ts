// Token prices, apart from the stats: the configuration reads the defaults, and a process that only
// resolves its configuration should not load the stats (nor the log reader they use).
/** Prices in US dollars per million tokens. */
export interface Prices {
  /** The main model's input price: what each token not sent saves. @default 3 */
  inputPerMTok: number;
  /** The summarizer's input price. @default 1 */
  summarizerInputPerMTok: number;
  /** The summarizer's output price. @default 5 */
  summarizerOutputPerMTok: number;
}

// List prices at the time of writing: Claude Sonnet 4.5 input, Claude Haiku 4.5 in/out.
export const DEFAULT_PRICES: Readonly<Prices> = Object.freeze({ inputPerMTok: 3, summarizerInputPerMTok: 1, summarizerOutputPerMTok: 5 });
