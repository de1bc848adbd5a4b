import { Fragment } from "react";

import { parseSimpleMarkdown } from "~/platform/text/simple-markdown";

export function SimpleMarkdown({ source }: { source: string }) {
  return (
    <>
      {parseSimpleMarkdown(source).map((block, index) => {
        if (block.type === "heading") {
          const Tag = block.level === 2 ? "h2" : "h3";
          return (
            <Tag
              key={index}
              className={block.level === 2 ? "mt-10 text-2xl font-bold" : "mt-8 text-xl font-semibold"}
            >
              {block.text}
            </Tag>
          );
        }
        return (
          <p key={index} className="mt-4 leading-relaxed text-muted">
            {block.lines.map((line, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </p>
        );
      })}
    </>
  );
}
