// Module resolution hook (registered by register.mjs): `electron` is the stand-in, for the app's
// main bundle and for its dependencies (electron-store imports it too).
const standin = new URL('./electron.ts', import.meta.url).href

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron' || specifier === 'electron/main') return nextResolve(standin, context)
  return nextResolve(specifier, context)
}
