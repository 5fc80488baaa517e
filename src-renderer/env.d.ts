/// <reference types="vite/client" />
import type { DeskApi } from '../src-shared/contract'

declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}

declare global {
  interface Window {
    /** Injected by the Electron preload (contextBridge) or by the loopback web bridge before main.ts runs. */
    desk: DeskApi
  }
}
