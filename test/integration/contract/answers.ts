import { parseJsonText, type JsonValue } from '../../support/json-text.js'

/** A simulator answer kept three ways: its text, its value with numbers as written (for the gate), plain JSON (for reading). */
export interface Answer {
  status: number
  headers: Headers
  text: string
  value: JsonValue
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any
}

export async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, value: parseJsonText(text), json: JSON.parse(text) }
}
