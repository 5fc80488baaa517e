import { defineConfig, type Plugin } from 'vite'
import vue from '@vitejs/plugin-vue'
import { fileURLToPath } from 'node:url'
import { WEB_CSP_OPTIONS, metaContentSecurityPolicy } from './src-main/electron/csp.js'

// The renderer built for the loopback web bridge (`npm run web`, e2e tests). Identical to the
// Electron renderer except that a shim providing `window.desk` over a WebSocket runs first.
const renderer = fileURLToPath(new URL('./src-renderer', import.meta.url))
const shim = fileURLToPath(new URL('./src-main/web/shim/desk-shim.ts', import.meta.url))
const SHIM_ID = '/__desk_shim__.ts'

function deskShim(): Plugin {
  return {
    name: 'desk-web-shim',
    resolveId: (id) => (id === SHIM_ID ? shim : undefined),
    // 'pre' so Vite bundles the injected entry like any other script of the page.
    transformIndexHtml: {
      order: 'pre',
      handler: () => [{ tag: 'script', attrs: { type: 'module', src: SHIM_ID }, injectTo: 'head-prepend' }],
    },
  }
}

/** The app's one policy (src-main/electron/csp.ts) as a meta tag: the bridge sends no CSP header. */
function cspMeta(): Plugin {
  return {
    name: 'desk-csp-meta',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: metaContentSecurityPolicy(WEB_CSP_OPTIONS) }, injectTo: 'head-prepend' }],
    },
  }
}

export default defineConfig({
  root: renderer,
  base: './',
  plugins: [deskShim(), cspMeta(), vue()],
  resolve: { alias: { '@renderer': renderer } },
  build: {
    outDir: fileURLToPath(new URL('./dist-web', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
})
