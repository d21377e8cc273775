/** The text of every page of a PDF, as pdf.js reads it (the tests read the documents a customer downloads). */
export async function pdfPages(data: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(data), isEvalSupported: false, verbosity: pdfjs.VerbosityLevel.ERRORS }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  return pages;
}

/** All the PDF's text, page after page. */
export const pdfText = async (data: Buffer): Promise<string> => (await pdfPages(data)).join('\n');
