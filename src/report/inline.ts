/** Script and JSON inlined into a page's <script> elements. */

/**
 * JavaScript made safe inside <script>: "</script" would end the element and "<!--" could start an
 * escaped section. Both replacements mean the same in strings, regular expressions and comments.
 */
export function inlineScript(js: string): string {
  return js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\x21--');
}

/** JSON inside <script type="application/json">: "<" only occurs in strings, where \u003c is the same. */
export function inlineJson(v: unknown): string {
  return JSON.stringify(v).replace(/</g, '\\u003c');
}
