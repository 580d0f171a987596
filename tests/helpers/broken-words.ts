// Words a phone's narrow column cut in two (« Collect-és », « Réapprovisionn-ement »): a word is
// cut when its letters lie on more than one line. Read from the page's layout (one Range per word).
import type { Locator } from 'playwright-core';

/** The words of the elements' text that are laid out across two lines or more. */
export async function brokenWords(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((els) => {
    const cut: string[] = [];
    for (const el of els) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const r = document.createRange();
          r.setStart(n, m.index!);
          r.setEnd(n, m.index! + m[0].length);
          const tops = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
          if (tops.size > 1) cut.push(m[0]);
        }
      }
    }
    return cut;
  });
}
