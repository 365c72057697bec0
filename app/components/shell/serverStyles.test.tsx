import { Box, ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { documentStyles, withStylesInHead } from './serverStyles';

function render(children: React.ReactNode) {
  const styles = documentStyles();
  const html = renderToString(
    <CacheProvider value={styles.cache}>
      <ChakraProvider value={defaultSystem}>{children}</ChakraProvider>
    </CacheProvider>,
  );
  return { html, element: styles.element() };
}

describe('documentStyles', () => {
  it('writes no style element inside the body, and each rule once in one element', () => {
    const { html, element } = render(
      <>
        <Box display="flex" padding="4">one</Box>
        <Box display="flex" padding="4">two</Box>
        <Box color="red.500">three</Box>
      </>,
    );
    expect(html).not.toContain('<style');
    const classes = [...new Set([...html.matchAll(/class="(css-[a-z0-9]+)"/g)].map((m) => m[1]!))];
    expect(classes).toHaveLength(2);
    expect((element.match(/<style/g) ?? []).length).toBe(1);
    for (const cls of classes) {
      expect(element.split(`.${cls}{`).length - 1).toBe(1);
      // The browser's style cache learns from the attribute that the rule is in the document.
      expect(element).toMatch(new RegExp(`^<style data-emotion="css [^"]*\\b${cls.slice(4)}\\b`));
    }
  });

  it('leaves out prefixes no current browser needs, and keeps those Safari does', () => {
    const { element } = render(
      <Box display="flex" flexDirection="column" userSelect="none" backdropFilter="blur(4px)">
        x
      </Box>,
    );
    expect(element).toContain('display:flex;');
    expect(element).not.toContain('-webkit-box');
    expect(element).not.toContain('-ms-');
    expect(element).toContain('-webkit-user-select:none;user-select:none;');
    expect(element).toContain('-webkit-backdrop-filter:blur(4px);backdrop-filter:blur(4px);');
  });

  it('is empty for a document without styled parts', () => {
    const styles = documentStyles();
    renderToString(
      <CacheProvider value={styles.cache}>
        <p>plain</p>
      </CacheProvider>,
    );
    expect(styles.element()).toBe('');
  });
});

describe('withStylesInHead', () => {
  it('puts the element at the end of <head>, after the stylesheet links', () => {
    const doc = '<html><head><link rel="stylesheet" href="/theme/a.css"/><title>t</title></head><body></body></html>';
    expect(withStylesInHead(doc, '<style>x</style>')).toBe('<html><head><link rel="stylesheet" href="/theme/a.css"/><title>t</title><style>x</style></head><body></body></html>');
    expect(withStylesInHead(doc, '')).toBe(doc);
  });
});
