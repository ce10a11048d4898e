// Runs one command of the demo (PostgreSQL, the GHN sandbox, Medusa) as the leader of its own
// process group, so the demo can stop the command and everything it started with one signal to
// the group. If the demo itself dies without stopping us (SIGKILL, crash), its end of our stdin
// closes: then we stop the whole group ourselves, so nothing is left running.
//
//   node scripts/demo-guard.js <command> [args...]
//
// Signals sent to the group reach the command directly; the guard waits for it and exits with
// its exit code.
const { spawn } = require("node:child_process")

const [command, ...args] = process.argv.slice(2)
if (!command) {
  process.stderr.write("usage: node scripts/demo-guard.js <command> [args...]\n")
  process.exit(2)
}

const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"], env: process.env })

let exiting = false
function stopGroup() {
  if (exiting) return
  exiting = true
  try {
    process.kill(-process.pid, "SIGTERM")
  } catch {}
  setTimeout(() => {
    try {
      process.kill(-process.pid, "SIGKILL")
    } catch {}
  }, 15_000).unref()
}

// The group receives the demo's signals; the guard stays until its command has exited.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => {})

process.stdin.on("end", stopGroup)
process.stdin.on("error", stopGroup)
process.stdin.resume()

child.on("error", (error) => {
  process.stderr.write(`[demo] cannot start ${command}: ${error.message}\n`)
  process.exit(127)
})
child.on("exit", (code, signal) => {
  process.exit(code ?? (signal ? 128 + (require("node:os").constants.signals[signal] || 0) : 1))
})
