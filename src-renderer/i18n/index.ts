import { createI18n } from 'vue-i18n'
import { en, type Messages } from './en.js'

export function createDeskI18n() {
  return createI18n<[Messages], 'en', false>({
    legacy: false,
    locale: 'en',
    fallbackLocale: 'en',
    messages: { en },
    missingWarn: false,
    fallbackWarn: false,
  })
}
