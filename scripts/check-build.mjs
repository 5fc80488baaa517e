// After `electron-vite build`: the three outputs exist, the preload is one self-contained CommonJS
// file (sandboxed preloads cannot be ES modules or require npm packages), and nothing of the
// loopback web bridge ships in the Electron build.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const failures = []
const must = (ok, message) => ok || failures.push(message)

for (const file of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']) must(existsSync(file), `${file} is missing`)
if (existsSync('out/preload/index.cjs')) {
  const preload = readFileSync('out/preload/index.cjs', 'utf8')
  const required = [...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1])
  must(required.every((name) => name === 'electron'), `preload requires more than electron: ${required.join(', ')}`)
  must(!/^\s*import\s/m.test(preload), 'preload contains ES module imports')
  must(!preload.includes('ipcRenderer:') && preload.includes('exposeInMainWorld("desk"'), 'preload must expose only window.desk')
}
// One CSP: the app:// scheme and the session send it as a header; a meta tag in the page would be a
// second, different policy (src-main/electron/csp.ts).
if (existsSync('out/renderer/index.html')) {
  must(!/http-equiv=["']?Content-Security-Policy/i.test(readFileSync('out/renderer/index.html', 'utf8')), 'out/renderer/index.html carries a CSP meta tag (the policy is the header only)')
}
const shipped = ['out/main', 'out/preload', 'out/renderer/assets']
  .filter(existsSync)
  .flatMap((dir) => readdirSync(dir).map((f) => join(dir, f)))
  .filter((f) => /\.(c|m)?js$/.test(f))
for (const file of shipped) {
  const text = readFileSync(file, 'utf8')
  for (const marker of ['startWebBridge', 'WebSocketServer', 'desk-token']) must(!text.includes(marker), `${file} contains the web bridge (${marker})`)
}
if (failures.length) {
  console.error(`build check failed:\n- ${failures.join('\n- ')}`)
  process.exit(1)
}
console.log(`build check: out/main, out/preload (CommonJS, electron only), out/renderer present; no web bridge in ${shipped.length} shipped scripts`)
