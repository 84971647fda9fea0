// Run Python in Pyodide under Node.js: the Python of the static site, not the build machine's.
//
// Usage: node lite/pyodide.mjs [--load pkg,pkg] [--mount DIR]... [--env NAME=VALUE]... [--timings]
//                              PYODIDE_DIR (SCRIPT.py | -c CODE) [ARG]...
//
// PYODIDE_DIR holds pyodide.mjs, the runtime and a pyodide-lock.json (the npm package, or a built
// site's static/pyodide/). --load loads packages of that lock first, as the site's kernel does at
// start. Each --mount DIR is the host's folder at the same path inside Pyodide (the script, when
// given as a file, is mounted with its folder). Each --env is in Python's environment from its
// start. SCRIPT runs as __main__ with sys.argv = [SCRIPT, ARG...]; its exit status is this
// process's. --timings prints {"boot": s, "load": s} to stderr when Python is done.
// lite/bytecode.py byte-compiles wheels with it; bench/site_load.py --node times imports with it.

import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const mounts = [];
const env = {};
let load = [];
let timings = false;
while (args[0]?.startsWith("--")) {
  const option = args.shift();
  if (option === "--load") load = args.shift().split(",").filter(Boolean);
  else if (option === "--mount") mounts.push(resolve(args.shift()));
  else if (option === "--env") {
    const [name, ...value] = args.shift().split("=");
    env[name] = value.join("=");
  } else if (option === "--timings") timings = true;
  else throw new Error(`unknown option ${option}`);
}
const [index, first, ...rest] = args;
if (!index || !first) {
  console.error("usage: node lite/pyodide.mjs [--load pkg,pkg] [--mount DIR]... [--env NAME=VALUE]... [--timings] PYODIDE_DIR (SCRIPT.py | -c CODE) [ARG]...");
  process.exit(2);
}
const inline = first === "-c";
const script = inline ? "-c" : resolve(first);
const argv = inline ? ["-c", ...rest.slice(1)] : [script, ...rest];
if (!inline) mounts.push(dirname(script));

const indexDir = resolve(index);
const start = performance.now();
const { loadPyodide } = await import(pathToFileURL(`${indexDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${indexDir}/`, env });
const booted = performance.now();
if (load.length) await pyodide.loadPackage(load, { messageCallback: () => {} });
const loaded = performance.now();

// A folder inside another one given is already there.
const outer = [...new Set(mounts)].sort().filter((folder, i, all) => !all.slice(0, i).some((other) => folder.startsWith(`${other}/`)));
for (const folder of outer) {
  pyodide.FS.mkdirTree(folder);
  pyodide.mountNodeFS(folder, folder);
}
pyodide.globals.set("_argv", pyodide.toPy(argv));
pyodide.globals.set("_code", inline ? rest[0] : undefined); // undefined is None (null is not)
const status = await pyodide.runPythonAsync(`
def _run(argv, code):
    import runpy, sys, traceback
    sys.argv = list(argv)
    try:
        if code is None:
            runpy.run_path(sys.argv[0], run_name="__main__")
        else:
            exec(compile(code, "<string>", "exec"), {"__name__": "__main__"})
    except SystemExit as done:
        if done.code is None or isinstance(done.code, int):
            return done.code or 0
        print(done.code, file=sys.__stderr__)
        return 1
    except BaseException:
        traceback.print_exc(file=sys.__stderr__)
        return 1
    return 0
_run(_argv, _code)
`);
if (timings) {
  const seconds = (from, to) => Math.round(to - from) / 1000;
  console.error(JSON.stringify({ boot: seconds(start, booted), load: seconds(booted, loaded) }));
}
process.exitCode = status;
