// abridge as an opencode plugin (package export `abridge-agent/opencode`, bundled into one file,
// dist/opencode.bundle.js). `abridge install opencode` puts a one-line file in the project's
// .opencode/plugins/ (or the global opencode config's plugins/) that re-exports it.
//
// opencode calls every function a plugin module exports as a plugin, so this module exports
// exactly one: the plugin, configured from the project's abridge config file and ABRIDGE_* env.
import { abridgeOpencode } from "./opencode-plugin.js";
import type { OpencodeHooks, OpencodePluginInput } from "./opencode-types.js";

export type * from "./opencode-types.js";
export type { OpencodeAdapterOptions } from "./opencode-plugin.js";

const plugin = abridgeOpencode();

export default async function abridge(input: OpencodePluginInput): Promise<OpencodeHooks> {
  return plugin(input);
}
