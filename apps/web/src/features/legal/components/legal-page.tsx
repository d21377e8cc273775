import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSeo } from '../../../lib/seo.ts';
import { lastUpdated, type LegalBlock, type LegalDocument } from '../content/legal-texts.ts';

const linkPattern = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** A page of this site through the router; anything else (the portal, a phone number, a mail address) as it is. */
function TextLink({ href, children }: { href: string; children: string }) {
  return href.startsWith('/') ? <Link to={href}>{children}</Link> : <a href={href}>{children}</a>;
}

/** A text with its `[words](address)` links made real links. */
function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(linkPattern)) {
    parts.push(text.slice(from, match.index));
    parts.push(
      <TextLink key={match.index} href={match[2]!}>
        {match[1]!}
      </TextLink>,
    );
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') {
    return (
      <p>
        <RichText text={block} />
      </p>
    );
  }
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item}>
          <RichText text={item} />
        </li>
      ))}
    </ul>
  );
}

/** A legal text of the site (privacy policy, SMS terms): its heading, date, introduction and sections. */
export function LegalPage({ document }: { document: LegalDocument }) {
  useSeo({ title: document.title, description: document.description, keywords: document.keywords, path: document.path });
  return (
    <article className="section legal" aria-labelledby="legal-heading">
      <div className="site-container site-container--narrow">
        <h1 id="legal-heading">{document.heading}</h1>
        <p className="legal__updated">Last updated {lastUpdated}</p>
        <p className="legal__intro">
          <RichText text={document.intro} />
        </p>
        {document.sections.map((section) => (
          <Fragment key={section.heading}>
            <h2>{section.heading}</h2>
            {section.blocks.map((block) => (
              <Block key={typeof block === 'string' ? block : block.list.join('\n')} block={block} />
            ))}
          </Fragment>
        ))}
      </div>
    </article>
  );
}
