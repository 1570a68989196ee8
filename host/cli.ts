#!/usr/bin/env node
// The `abridge` command line.
import { oneLine } from "./ops.js";

const [command, ...rest] = process.argv.slice(2);
if (command === "one-line") {
  console.log(oneLine(rest.join(" ")));
} else {
  console.error("usage: abridge <command> [options]");
  process.exit(2);
}
