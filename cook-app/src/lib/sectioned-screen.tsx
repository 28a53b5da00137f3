import { useId, type ReactNode } from 'react';
import './screen.css';
import './sectioned-screen.css';

export type ScreenSection = {
  /** Stable key of the section. */
  id: string;
  title: string;
  content: ReactNode;
};

/** A titled screen made of titled sections (Settings, About): a section is one more entry in the list. */
export function SectionedScreen({ title, sections }: { title: string; sections: readonly ScreenSection[] }) {
  const id = useId();
  return (
    <section className="pc-screen pc-sectioned" aria-labelledby={`${id}-title`}>
      <header className="pc-screen__header">
        <h1 id={`${id}-title`} className="pc-screen__title">
          {title}
        </h1>
      </header>
      {sections.map((section) => (
        <section key={section.id} className="pc-sectioned__section" aria-labelledby={`${id}-${section.id}`}>
          <h2 id={`${id}-${section.id}`} className="pc-sectioned__title">
            {section.title}
          </h2>
          {section.content}
        </section>
      ))}
    </section>
  );
}
