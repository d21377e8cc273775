import { business } from '../../../config/business.ts';
import { useSeo } from '../../../lib/seo.ts';

const figures = [
  { value: '90', label: 'day warranty' },
  { value: business.yearsExperience, label: 'years of experience' },
  { value: business.claims.satisfaction, label: 'customer satisfaction' },
  { value: business.claims.repairs, label: 'repairs completed' },
] as const;

/** Local font stacks only: no web font is downloaded. */
const fonts = [
  { name: 'System UI', stack: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  { name: 'Humanist sans', stack: '"Gill Sans", "Segoe UI", Candara, "DejaVu Sans", sans-serif' },
  { name: 'Transitional serif', stack: 'Georgia, Cambria, "Times New Roman", "DejaVu Serif", serif' },
  { name: 'Monospace', stack: 'ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace' },
  { name: 'Tabular system', stack: 'system-ui, sans-serif', tabular: true },
] as const;

/** An internal design sample of how the site's figures look in different number fonts. */
export function FontExamplesPage() {
  useSeo({
    title: 'Font Examples',
    description: 'Internal design samples of the number fonts used for the figures on our appliance repair pages.',
    path: '/font-examples',
  });
  return (
    <section className="section" aria-labelledby="fonts-heading">
      <div className="site-container">
        <h1 id="fonts-heading">Number Font Examples</h1>
        <p className="section-heading__intro">How our headline figures read in each font stack.</p>
        {fonts.map((font) => (
          <div key={font.name} className="font-sample">
            <h2>{font.name}</h2>
            <p className="font-sample__stack">{font.stack}</p>
            <ul
              className="font-sample__figures"
              style={{ fontFamily: font.stack, fontVariantNumeric: 'tabular' in font ? 'tabular-nums' : undefined }}
            >
              {figures.map((figure) => (
                <li key={figure.label}>
                  <strong>{figure.value}</strong>
                  <span>{figure.label}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
