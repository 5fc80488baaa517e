import type { Directive } from 'vue'

/**
 * `v-line="text"`: the element's whole text, in one text node whose data changes in place. Vue sets
 * an element's lone text with `textContent`, which drops the text node and makes a new one (style
 * and layout objects again); a list row is handed new text on every scroll step and live timers tick
 * every second, so the rows' texts are set this way.
 */
export const vLine: Directive<HTMLElement, string | number> = {
  created(el, { value }) {
    el.append(document.createTextNode(String(value)))
  },
  beforeUpdate(el, { value, oldValue }) {
    if (value === oldValue) return
    const node = el.firstChild
    if (node && node.nodeType === 3) (node as Text).data = String(value)
    else el.textContent = String(value)
  },
}
