// `node --import tsx --import ./test/desktop/standin/register.mjs …`: resolve `electron` to the stand-in.
import { register } from 'node:module'

register('./hooks.mjs', import.meta.url)
