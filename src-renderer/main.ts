import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { createDeskI18n } from './i18n/index.js'
import { createDeskRouter } from './router.js'
import './styles.css'

const app = createApp(App)
app.use(createPinia())
app.use(createDeskRouter())
app.use(createDeskI18n())
app.mount('#app')
