/**
 * JSON text parsed with every number kept as written (`5.0`, `1.0E-4`, `10`). `JSON.parse` turns
 * `5.0` into the integer 5, and Node 20's reviver gets no source text, so the kind of a number
 * (integer or float) is only knowable from the text itself. The parser is strict JSON; invalid
 * text throws like `JSON.parse` would.
 */
export class JsonNumber {
  constructor(readonly text: string) {}
  /** Written without fraction and exponent. */
  get isInteger(): boolean {
    return /^-?\d+$/.test(this.text)
  }
  get value(): number {
    return Number(this.text)
  }
}

export type JsonValue = null | boolean | string | JsonNumber | JsonValue[] | { [key: string]: JsonValue }

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
// Control characters must be escaped inside a JSON string: the class excludes them.
// eslint-disable-next-line no-control-regex
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y
const SPACE = /[ \t\n\r]*/y

export function parseJsonText(text: string): JsonValue {
  let at = 0
  const fail = (what: string): never => {
    throw new SyntaxError(`JSON: ${what} at position ${at}`)
  }
  const skip = () => {
    SPACE.lastIndex = at
    SPACE.exec(text)
    at = SPACE.lastIndex
  }
  const match = (re: RegExp): string | null => {
    re.lastIndex = at
    const m = re.exec(text)
    if (!m) return null
    at = re.lastIndex
    return m[0]
  }
  const string = (): string => {
    const raw = match(STRING) ?? fail('bad string')
    return JSON.parse(raw) as string
  }
  const literal = (word: string, value: JsonValue): JsonValue => {
    if (!text.startsWith(word, at)) fail('unexpected character')
    at += word.length
    return value
  }
  const value = (): JsonValue => {
    skip()
    const c = text[at]
    if (c === '{') {
      at++
      const obj: Record<string, JsonValue> = {}
      skip()
      if (text[at] === '}') return at++, obj
      for (;;) {
        skip()
        const key = string()
        skip()
        if (text[at++] !== ':') fail("expected ':'")
        // defineProperty: a key named `__proto__` is data, as in JSON.parse.
        Object.defineProperty(obj, key, { value: value(), enumerable: true, writable: true, configurable: true })
        skip()
        const next = text[at++]
        if (next === '}') return obj
        if (next !== ',') fail("expected ',' or '}'")
      }
    }
    if (c === '[') {
      at++
      const list: JsonValue[] = []
      skip()
      if (text[at] === ']') return at++, list
      for (;;) {
        list.push(value())
        skip()
        const next = text[at++]
        if (next === ']') return list
        if (next !== ',') fail("expected ',' or ']'")
      }
    }
    if (c === '"') return string()
    if (c === 't') return literal('true', true)
    if (c === 'f') return literal('false', false)
    if (c === 'n') return literal('null', null)
    const num = match(NUMBER)
    return num === null ? fail('unexpected character') : new JsonNumber(num)
  }
  const result = value()
  skip()
  if (at !== text.length) fail('trailing text')
  return result
}
