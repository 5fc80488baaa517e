import { createRouter, createWebHashHistory, type RouterHistory } from 'vue-router'

export const NAV = ['line', 'live', 'coupons', 'timeline', 'exposure', 'audit', 'overview', 'settings'] as const
export type NavName = (typeof NAV)[number]

/** Hash history: the app is loaded from file:// in Electron and from a loopback server in a browser. */
export function createDeskRouter(history: RouterHistory = createWebHashHistory()) {
  return createRouter({
    history,
    routes: [
      { path: '/', redirect: '/line' },
      { path: '/line', name: 'line', component: () => import('./views/LineView.vue') },
      { path: '/live', name: 'live', component: () => import('./views/LiveView.vue') },
      { path: '/coupons', name: 'coupons', component: () => import('./views/CouponsView.vue') },
      { path: '/timeline', name: 'timeline', component: () => import('./views/TimelineView.vue') },
      { path: '/exposure', name: 'exposure', component: () => import('./views/ExposureView.vue') },
      { path: '/audit', name: 'audit', component: () => import('./views/AuditView.vue') },
      { path: '/overview', name: 'overview', component: () => import('./views/OverviewView.vue') },
      { path: '/settings', name: 'settings', component: () => import('./views/SettingsView.vue') },
      { path: '/:pathMatch(.*)*', redirect: '/line' },
    ],
  })
}
