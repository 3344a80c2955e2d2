import { expect, type Page, type TestInfo } from '@playwright/test';

/** The phone width of spec section 9 the long-language check runs at. */
export const PHONE = { width: 375, height: 800 };

/**
 * What sticks out on the page as it is now: the page itself wider than the window (and the elements that make it so),
 * and visible text elements whose text is wider than their box (cut by `overflow: hidden` or running out of it). An
 * element inside a horizontal scroll container (a wide table) is left alone, and so is a cut text whose full text is
 * in a `title` attribute.
 */
export async function overflowsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const TEXT =
      'button, a, h1, h2, h3, h4, h5, h6, label, legend, th, td, dt, dd, p, li, summary, span, strong, small, div';
    const describe = (el: Element) => {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
      const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).value ?? '';
      return `<${el.tagName.toLowerCase()}> "${text || name}"`;
    };
    // A container meant to scroll sideways (a wide table, a tab strip): overflow-x auto or scroll. A vertical scroller
    // (the cart's list: `overflow-y-auto` computes overflow-x to auto too) is not one, so its class decides.
    const scrolls = (el: Element) => {
      const style = getComputedStyle(el);
      const sideways = style.overflowX === 'auto' || style.overflowX === 'scroll';
      return sideways && !/\boverflow-y-(auto|scroll)\b/.test(el.getAttribute('class') ?? '');
    };
    /** Inside a horizontal scroll container, hidden, off-screen on purpose (a closed drawer) or screen-reader only. */
    const exempt = (el: Element) => {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return true;
      if (el.closest('[inert], [aria-hidden="true"], .sr-only')) return true;
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        if (scrolls(node)) return true;
      }
      return false;
    };
    const elements = [...document.body.querySelectorAll(TEXT)].filter((el) => !exempt(el));
    if (document.documentElement.scrollWidth > width) {
      const wide = elements.filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1;
      });
      // The innermost ones name the culprit; their ancestors only carry it.
      const innermost = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
      problems.push(
        `page is ${document.documentElement.scrollWidth}px wide at ${width}px: ${innermost.map(describe).join(', ')}`,
      );
    }
    // Text cut by its box: `overflow: hidden` or an ellipsis, with no `title` that holds the full text.
    for (const el of elements) {
      const style = getComputedStyle(el);
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (!clips || el.closest('[title]') || el.matches('input, select, textarea')) continue;
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim());
      if (ownText && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${describe(el)} is cut (${el.scrollWidth}px in ${el.clientWidth}px)`);
      }
    }
    // Text running out of the box it is laid out in (a word wider than its button, card or cell).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !(node.textContent ?? '').trim() || parent.closest('script, style, noscript, svg')) continue;
      if (exempt(parent)) continue;
      let box: Element = parent;
      while (box.parentElement && ['inline', 'contents'].includes(getComputedStyle(box).display))
        box = box.parentElement;
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      const outer = box.getBoundingClientRect();
      const style = getComputedStyle(box);
      if (style.overflowX === 'hidden' || style.overflowX === 'clip') continue; // cut, not running out: see above
      const left = outer.left + Number.parseFloat(style.borderLeftWidth);
      const right = outer.right - Number.parseFloat(style.borderRightWidth);
      if (text.width > 0 && (text.right > right + 1 || text.left < left - 1)) {
        problems.push(
          `${describe(box)} runs out of its box (${Math.round(text.width)}px text in ${Math.round(right - left)}px)`,
        );
      }
    }
    return problems;
  });
}

/** Checks the page as it is now; on a problem, keeps a screenshot beside the test's results and names it. */
export async function expectNoOverflow(page: Page, testInfo: TestInfo, name: string) {
  const problems = await overflowsOf(page);
  if (problems.length > 0) {
    const path = testInfo.outputPath(`${name.replace(/[^\w-]+/g, '_')}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(name, { path, contentType: 'image/png' });
  }
  expect.soft(problems, `${name} (${page.url()})`).toEqual([]);
}
