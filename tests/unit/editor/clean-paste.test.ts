// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";

import { cleanPastedHtml } from "~/features/editor/rich-editor/clean-paste";

// What Chrome puts on the clipboard when copying from a Google Doc (trimmed, structure as sent).
const GOOGLE_DOCS = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5c2e7f1a-7fff-3b4e-9d7a-1c0d2e3f4a5b"><h1 dir="ltr" style="line-height:1.38;margin-top:20pt;margin-bottom:6pt;"><span style="font-size:20pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Local SEO basics</span></h1><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;">Start with your </span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:700;">Google Business Profile</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;"> and </span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;font-style:italic;">reviews</span><span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:400;">. See </span><a href="https://support.google.com/business" style="text-decoration:none;"><span style="font-size:11pt;color:#1155cc;font-weight:400;text-decoration:underline;-webkit-text-decoration-skip:none;">the guide</span></a><span style="font-size:11pt;">.</span></p><br><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;"></span></p><h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Arial,sans-serif;font-weight:400;">Checklist</span></h2><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-weight:400;">Primary category</span></p></li><li dir="ltr" style="list-style-type:disc;font-size:11pt;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-weight:400;">Opening hours</span></p></li></ul><ol style="margin-top:0;margin-bottom:0;"><li dir="ltr" style="list-style-type:decimal;" aria-level="1"><p dir="ltr" role="presentation"><span style="font-weight:400;">Ask for reviews</span></p></li></ol><h3 dir="ltr"><span style="font-size:14pt;font-weight:400;">Next steps</span></h3></b><br class="Apple-interchange-newline">`;

// What Word for Windows puts on the clipboard (trimmed: the <head> with its styles, then the body).
const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head><meta name=Generator content="Microsoft Word 15"><style><!-- p.MsoNormal {margin:0cm;font-size:11.0pt;} --></style><!--[if gte mso 9]><xml><o:OfficeDocumentSettings><o:AllowPNG/></o:OfficeDocumentSettings></xml><![endif]--></head><body lang=EN-IE style='tab-interval:36.0pt'><!--StartFragment--><h2><span lang=EN-GB style='mso-fareast-font-family:"Times New Roman"'>Budget planning<o:p></o:p></span></h2><p class=MsoNormal><span lang=EN-GB>Set the budget from your <b>own numbers</b>, not the <i>average</i> one. Read <a href="https://example.ie/guide"><span style='color:#0563C1'>our guide</span></a>.<o:p></o:p></span></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span><![endif]><span lang=EN-GB>Cost per lead<o:p></o:p></span></p><p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span><![endif]><span lang=EN-GB>Close rate<o:p></o:p></span></p><p class=MsoListParagraphCxSpFirst style='mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span><![endif]><span lang=EN-GB>Measure<o:p></o:p></span></p><p class=MsoListParagraphCxSpLast style='mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span><![endif]><span lang=EN-GB>Adjust<o:p></o:p></span></p><!--EndFragment--></body></html>`;

describe("cleanPastedHtml", () => {
  it("reduces a Google Docs paste to its structure", () => {
    expect(cleanPastedHtml(GOOGLE_DOCS)).toBe(
      "<h2>Local SEO basics</h2>" +
        '<p>Start with your <strong>Google Business Profile</strong> and <em>reviews</em>. See <a href="https://support.google.com/business">the guide</a>.</p>' +
        "<h2>Checklist</h2><ul><li>Primary category</li><li>Opening hours</li></ul><ol><li>Ask for reviews</li></ol>" +
        "<h3>Next steps</h3>",
    );
  });

  it("reduces a Word paste to its structure, lists included", () => {
    expect(cleanPastedHtml(WORD)).toBe(
      "<h2>Budget planning</h2>" +
        '<p>Set the budget from your <strong>own numbers</strong>, not the <em>average</em> one. Read <a href="https://example.ie/guide">our guide</a>.</p>' +
        "<ul><li>Cost per lead</li><li>Close rate</li></ul><ol><li>Measure</li><li>Adjust</li></ol>",
    );
  });

  it("leaves no style, class, span, Office tag or docs wrapper behind", () => {
    for (const html of [GOOGLE_DOCS, WORD]) {
      const out = cleanPastedHtml(html);
      expect(out).not.toMatch(/style=|class=|<span|<o:p|docs-internal-guid|MsoNormal|<!--|<p><\/p>|&nbsp;/);
    }
  });

  it("keeps images and line breaks inside paragraphs, and drops scripts", () => {
    expect(
      cleanPastedHtml(
        '<p style="x">One<br>two</p><img src="/uploads/a.png" alt="A" width="10"><script>alert(1)</script>',
      ),
    ).toBe('<p>One<br>two</p><img src="/uploads/a.png" alt="A">');
  });

  it("drops images from other sites and the clipboard, which the post could not show", () => {
    expect(
      cleanPastedHtml(
        '<p>Chart:</p><p><span><img src="https://lh7-us.googleusercontent.com/docsz/abc" width="602"></span></p><img src="data:image/png;base64,iVBORw0KGgo=" alt="x"><img src="file:///C:/Users/x/AppData/image001.png">',
      ),
    ).toBe("<p>Chart:</p>");
  });
});
