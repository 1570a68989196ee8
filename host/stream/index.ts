// The streaming entry: `createAbridge().stream()` and what it is made of.
export { StreamSink } from "./sink.js";
export type { BoundedDigest, StreamEndOptions, StreamHost, StreamInfo, StreamInput } from "./sink.js";
export { STREAM_DEFAULTS, checkBufferBytes } from "./defaults.js";
export type { StreamLimits } from "./defaults.js";
