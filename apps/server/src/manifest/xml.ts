const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an XML/HTML text node or quoted attribute (the SVG images, the page's meta tags). */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ENTITIES[char]!);
}
