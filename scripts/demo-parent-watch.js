// Preloaded (NODE_OPTIONS --require) into every Node process the demo starts, its children's
// children too (medusa develop starts medusa start in a process group of its own, which a SIGKILL
// of the demo's groups does not reach). Once a second, it asks whether the demo (GHN_DEMO_PID)
// is alive; when it is not, the process stops itself: SIGTERM, so its own handlers close what
// they hold, then exit after 10 s.
const demo = Number(process.env.GHN_DEMO_PID)
if (demo > 0 && demo !== process.pid) {
  const timer = setInterval(() => {
    try {
      process.kill(demo, 0)
    } catch (error) {
      if (error.code !== "ESRCH") return
      clearInterval(timer)
      setTimeout(() => process.exit(143), 10_000).unref()
      process.kill(process.pid, "SIGTERM")
    }
  }, 1000)
  timer.unref()
}
