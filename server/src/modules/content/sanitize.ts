/**
 * News HTML is sanitized before it is stored and again before it is served: an allow-list of structural tags,
 * no scripts, styles, event handlers or javascript: URLs; links open safely; images only over https or same-site.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'blockquote',
    'q',
    'cite',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'span',
    'abbr',
    'time',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    abbr: ['title'],
    time: ['datetime'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * An image URL the body's `<img>` rule keeps (https, or a path on this site; never protocol-relative `//host` or the
 * `/\\host` browsers read the same way): the rule is the body sanitizer itself, so a news logo and an image in the
 * body can never disagree.
 */
export function imageUrlAllowed(url: string): boolean {
  if (!/^(https:\/\/|\/)[^\s"'<>\\]*$/i.test(url)) return false;
  const kept = /<img src="([^"]*)"/.exec(sanitizeHtml(`<img src="${url.replace(/&/g, '&amp;')}">`, OPTIONS));
  return kept?.[1]?.replace(/&amp;/g, '&') === url;
}

/** Plain text (titles, descriptions): tags and control characters removed; React escapes the rest. */
export function plainText(text: string): string {
  return text
    .replace(/<[^>]*>?/g, '')
    .replace(/\p{Cc}/gu, (c) => (c === '\n' || c === '\t' || c === '\r' ? c : ''))
    .trim();
}
