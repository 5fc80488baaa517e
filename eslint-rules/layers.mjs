/**
 * Layer rules generated from docs/layers.json (parts, arrows, nevers), in the style of VS Code's
 * code-layering and no-deep-import rules:
 *   layers/allowed-imports  a file of one part imports another part only along a declared arrow
 *   layers/no-deep-import   a client or domain folder is reached from outside only through its index.ts
 *   layers/no-cycle         no import cycle, type-only imports included (a cycle of types is still a tangle)
 * Imports are resolved to repository paths, so `../feed/x.js` from the simulator's own feed/ folder is not
 * mistaken for the feed client.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const layers = JSON.parse(readFileSync(join(ROOT, 'docs/layers.json'), 'utf8'))

/** What the drawing cannot say: which parts are reached only through index.ts, and package limits. */
export const policy = {
  entryParts: ['Clients', 'Domains'],
  entryFile: 'index.ts',
  /** Imports into these parts may name only these files. */
  onlyFiles: { Preload: { Contract: ['src-shared/methods.ts'] } },
  /** A part listed here may import no npm package but these. */
  onlyPackages: { Contract: ['zod'], Preload: ['electron'] },
  /** A package listed here may be imported only under these paths. */
  packageHomes: {
    electron: { in: ['src-main/electron/', 'src-preload/'], why: 'Electron APIs live in src-main/electron (and the preload); core is plain Node' },
    'electron-store': { in: ['src-main/electron/'], why: 'core stores through the ProfileStorage port; electron-store is plugged in by src-main/electron' },
  },
  /** Code that runs in a browser or a sandbox: no Node builtins. */
  noNodeBuiltins: ['src-renderer/', 'src-main/web/shim/', 'src-preload/', 'src-shared/'],
  aliases: { '@renderer/': 'src-renderer/' },
}

const toPosix = (p) => p.split(sep).join('/')
const repoPath = (abs) => toPosix(relative(ROOT, abs))

/** The part and the unit (the `is` entry) a repository path belongs to; the longest entry wins. */
export function placeOf(path) {
  let best = null
  for (const [part, { is }] of Object.entries(layers.parts)) {
    for (const unit of is) {
      const hit = unit.endsWith('/') ? path.startsWith(unit) : path === unit
      if (hit && (!best || unit.length > best.unit.length)) best = { part, unit }
    }
  }
  return best
}

const EXTENSIONS = ['.ts', '.mts', '.vue', '.d.ts', '.js', '.mjs']

/** A relative or aliased specifier as an absolute file path (best effort: the file need not exist). */
export function resolveSpecifier(spec, fromFile) {
  let base
  const alias = Object.keys(policy.aliases).find((a) => spec.startsWith(a))
  if (alias) base = join(ROOT, policy.aliases[alias], spec.slice(alias.length))
  else if (spec.startsWith('.')) base = resolve(dirname(fromFile), spec)
  else return null
  const stem = base.replace(/\.(m?js)$/, '')
  for (const candidate of [base, ...EXTENSIONS.map((e) => stem + e)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  for (const e of EXTENSIONS) if (existsSync(join(base, 'index' + e))) return join(base, 'index' + e)
  return base.endsWith('.js') ? stem + '.ts' : base
}

const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0])

function arrowAllowed(from, to) {
  return from === to || layers.arrows.some(([a, b]) => a === from && b === to)
}
const neverReason = (from, to) => layers.never.find(([a, b]) => a === from && b === to)?.[2]

/** Every module specifier of the file being linted, with the node to report on. */
function eachImport(context, visit) {
  const check = (node) => {
    const source = node.source
    if (source && source.type === 'Literal' && typeof source.value === 'string') visit(source.value, source)
  }
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
  }
}

/**
 * A rule that checks every import of the linted file: `forFile(file, report)` (file: its absolute
 * path) returns the check run on each specifier; `report(node, messageId, data)` reports.
 */
function importRule(description, messages, forFile) {
  return {
    meta: { type: 'problem', docs: { description }, schema: [], messages },
    create(context) {
      return eachImport(context, forFile(context.filename, (node, messageId, data) => context.report({ node, messageId, data })))
    },
  }
}

const allowedImports = importRule(
  'A part imports another only along an arrow of docs/layers.json',
  {
    arrow: '{{from}} may not import {{to}} ({{target}}): {{why}}. Allowed arrows are declared in docs/layers.json.',
    file: '{{from}} may import from {{to}} only {{files}}, not {{target}}.',
    onlyPackages: '{{from}} may import no package but {{packages}}, not "{{pkg}}".',
    packageHome: '"{{pkg}}" may be imported only under {{homes}}: {{why}}.',
    builtin: '"{{pkg}}" is a Node builtin; {{path}} runs in a browser or sandbox.',
  },
  (file, report) => {
    const path = repoPath(file)
    const here = placeOf(path)
    return (spec, node) => {
      const target = resolveSpecifier(spec, file)
      if (!target) {
        const pkg = packageOf(spec)
        if (isBuiltin(spec)) {
          if (policy.noNodeBuiltins.some((p) => path.startsWith(p))) report(node, 'builtin', { pkg: spec, path })
          return
        }
        const home = policy.packageHomes[pkg]
        if (home && !home.in.some((p) => path.startsWith(p))) {
          report(node, 'packageHome', { pkg, homes: home.in.join(', '), why: home.why })
          return
        }
        const only = here && policy.onlyPackages[here.part]
        if (only && !only.includes(pkg)) report(node, 'onlyPackages', { from: here.part, packages: only.join(', '), pkg })
        return
      }
      if (!here) return
      const targetPath = repoPath(target)
      const there = placeOf(targetPath)
      if (!there || there.part === here.part) return
      if (!arrowAllowed(here.part, there.part)) {
        const why = neverReason(here.part, there.part) ?? `no arrow ${here.part} -> ${there.part}`
        report(node, 'arrow', { from: here.part, to: there.part, target: targetPath, why })
        return
      }
      const files = policy.onlyFiles[here.part]?.[there.part]
      if (files && !files.includes(targetPath)) report(node, 'file', { from: here.part, to: there.part, files: files.join(', '), target: targetPath })
    }
  },
)

const noDeepImport = importRule(
  'A client or domain folder is imported from outside only through its index.ts',
  { deep: 'Import {{unit}} through {{entry}}, not {{target}}: its other files are private to it.' },
  (file, report) => {
    const path = repoPath(file)
    return (spec, node) => {
      const target = resolveSpecifier(spec, file)
      if (!target) return
      const targetPath = repoPath(target)
      const there = placeOf(targetPath)
      if (!there || !policy.entryParts.includes(there.part) || path.startsWith(there.unit)) return
      const entry = there.unit + policy.entryFile
      if (targetPath !== entry) report(node, 'deep', { unit: there.unit, entry, target: targetPath })
    }
  },
)

// Static imports and re-exports (statements start a line), side-effect imports, dynamic import('…').
const SPECIFIER = /^\s*(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm
/** Module specifiers of a source text (a scan, not a parse: the TypeScript parser costs ~8 ms a file). */
export const specifiersIn = (text) => [...text.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3])

/**
 * Relative imports of a file on disk, memoised by modification time. Within one second the cached
 * answer is trusted without a stat: a lint run reads each file once; an editor session still sees edits.
 */
const importsCache = new Map()
/** Bumped whenever a file's imports are (re)read: the graphs built from them are then rebuilt. */
let generation = 0
function importsOnDisk(file) {
  const cached = importsCache.get(file)
  if (cached && Date.now() - cached.checked < 1000) return cached.targets
  let mtime
  try {
    mtime = statSync(file).mtimeMs
  } catch {
    return []
  }
  if (cached && cached.mtime === mtime) {
    cached.checked = Date.now()
    return cached.targets
  }
  let text = readFileSync(file, 'utf8')
  if (file.endsWith('.vue')) text = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
  const targets = specifiersIn(text)
    .map((spec) => resolveSpecifier(spec, file))
    .filter((t) => t && existsSync(t))
  importsCache.set(file, { mtime, checked: Date.now(), targets })
  generation++
  return targets
}

/** Re-reads, at most once a second, every file whose imports are cached and has changed since. */
let freshenedAt = 0
function freshen() {
  if (Date.now() - freshenedAt < 1000) return
  for (const file of [...importsCache.keys()]) importsOnDisk(file)
  freshenedAt = Date.now()
}

/** Every file reachable from `start` (itself included), memoised until some file's imports change. */
let reachCache = { generation: -1, sets: new Map() }
function reachable(start) {
  freshen()
  if (reachCache.generation !== generation) reachCache = { generation, sets: new Map() }
  let set = reachCache.sets.get(start)
  if (set) return set
  set = new Set()
  const stack = [start]
  while (stack.length) {
    const file = stack.pop()
    if (set.has(file)) continue
    set.add(file)
    for (const next of importsOnDisk(file)) if (!set.has(next)) stack.push(next)
  }
  if (reachCache.generation === generation) reachCache.sets.set(start, set)
  return set
}

/** A path of imports from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  if (!reachable(start).has(goal)) return null
  const cameFrom = new Map([[start, null]])
  const queue = [start]
  while (queue.length) {
    const file = queue.shift()
    if (file === goal) {
      const trail = []
      for (let at = goal; at; at = cameFrom.get(at)) trail.unshift(at)
      return trail
    }
    for (const next of importsOnDisk(file)) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file)
        queue.push(next)
      }
    }
  }
  return null
}

/** Files of the code base, by folder: the folders named in docs/layers.json. */
function filesUnder(dir) {
  const out = []
  const walk = (d) => {
    let entries
    try {
      entries = readdirSync(d, { withFileTypes: true })
    } catch {
      return
    }
    for (const e of entries) {
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (/\.(ts|mts|vue)$/.test(e.name)) out.push(p)
    }
  }
  walk(dir)
  return out
}

/** unit -> (unit -> one [from, to] file pair): the folder graph, rebuilt when imports change (new files: after 10 s). */
let folderGraph = { at: 0, generation: -1, edges: new Map() }
function folderEdges() {
  freshen()
  if (folderGraph.generation === generation && Date.now() - folderGraph.at < 10_000) return folderGraph.edges
  const edges = new Map()
  for (const { is } of Object.values(layers.parts)) {
    for (const unit of is.filter((u) => u.endsWith('/'))) {
      const out = new Map()
      for (const file of filesUnder(join(ROOT, unit))) {
        for (const target of importsOnDisk(file)) {
          const to = placeOf(repoPath(target))?.unit
          if (to && to !== unit && !out.has(to)) out.set(to, [repoPath(file), repoPath(target)])
        }
      }
      edges.set(unit, out)
    }
  }
  folderGraph = { at: Date.now(), generation, edges }
  return edges
}

/** A chain of folder imports from `start` back to `goal`, each step with one file pair that makes it, or null. */
function folderPathBack(start, goal) {
  const edges = folderEdges()
  const seen = new Set([start])
  const queue = [[start, []]]
  while (queue.length) {
    const [unit, steps] = queue.shift()
    for (const [next, pair] of edges.get(unit) ?? []) {
      const trail = [...steps, pair]
      if (next === goal) return trail
      if (!seen.has(next)) {
        seen.add(next)
        queue.push([next, trail])
      }
    }
  }
  return null
}

const noCycle = importRule(
  'No import cycles between files or between the folders of docs/layers.json (type-only imports included)',
  {
    cycle: 'Import cycle: {{trail}}.',
    folderCycle: 'Folder cycle: {{from}} imports {{to}}, and {{to}} imports {{from}} back ({{trail}}). Move the shared piece down so the imports run one way.',
  },
  (file, report) => {
    const here = placeOf(repoPath(file))?.unit
    return (spec, node) => {
      const target = resolveSpecifier(spec, file)
      if (!target || target === file || !existsSync(target)) return
      const back = pathBack(target, file)
      if (back) {
        report(node, 'cycle', { trail: [file, ...back].map(repoPath).join(' -> ') })
        return
      }
      const there = placeOf(repoPath(target))?.unit
      if (!here || !there || here === there || !here.endsWith('/') || !there.endsWith('/')) return
      const steps = folderPathBack(there, here)
      if (steps) report(node, 'folderCycle', { from: here, to: there, trail: steps.map(([a, b]) => `${a} -> ${b}`).join(', ') })
    }
  },
)

export default {
  meta: { name: 'layers' },
  rules: { 'allowed-imports': allowedImports, 'no-deep-import': noDeepImport, 'no-cycle': noCycle },
}
