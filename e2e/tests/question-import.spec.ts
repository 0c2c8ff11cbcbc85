import { DEMO_PASSWORD, type Lang, localized, login, presetConsent } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 37 items 3 and 6: a trainer imports a GIFT file into the question pool (preview with the
 * skipped question, then import), filters the pool by the imported category and downloads the
 * pool's export as Moodle XML; in both languages.
 */
const TEXT: Record<
  Lang,
  {
    open: string;
    title: string;
    file: string;
    confirm: RegExp;
    done: RegExp;
    filter: string;
    xml: string;
    skipped: RegExp;
  }
> = {
  de: {
    open: 'Fragen importieren',
    title: 'Fragen aus Moodle importieren',
    file: 'Datei',
    confirm: /2 Fragen importieren/,
    done: /2 Fragen wurden importiert/,
    filter: 'Kategorie (mit Unterkategorien)',
    xml: 'Export Moodle-XML',
    skipped: /Fragetyp «essay» wird nicht unterstützt/,
  },
  en: {
    open: 'Import questions',
    title: 'Import questions from Moodle',
    file: 'File',
    confirm: /Import 2 questions/,
    done: /2 questions were imported/,
    filter: 'Category (with subcategories)',
    xml: 'Export Moodle XML',
    skipped: /Question type “essay” is not supported/,
  },
};

for (const lang of ['de', 'en'] as const) {
  test(`question import (${lang}): GIFT preview with a skipped question, import, category filter, export`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    const tag = `${lang}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const gift = [
      `$CATEGORY: $course$/top/E2E ${tag}/Brandschutz`,
      '',
      `::Löscher::Welcher Löscher passt zu Klasse \\{B\\} ${tag}?{=Schaum#Richtig. ~Wasser#Falsch.}`,
      '',
      `::Notruf::Die Notrufnummer ist 144 ${tag}.{T####Sanitätsnotruf.}`,
      '',
      '::Aufsatz::Beschreiben Sie eine Evakuierung.{}',
      '',
    ].join('\n');

    await presetConsent(context, baseURL);
    await login(page, lang, 'trainer@example.com', DEMO_PASSWORD);
    await page.goto(localized(lang, '/mcTest/QuestionPool'));
    await expect(page.getByTestId('pool-list')).toBeVisible();
    await page.getByRole('button', { name: text.open }).click();
    const dialog = page.getByRole('dialog', { name: text.title });
    await dialog
      .getByLabel(text.file)
      .setInputFiles({ name: `fragen-${tag}.gift.txt`, mimeType: 'text/plain', buffer: Buffer.from(gift) });
    await expect(dialog.getByTestId('import-preview-question')).toHaveCount(2);
    await expect(dialog.getByTestId('import-preview-skipped-item')).toContainText(text.skipped);
    await dialog.getByRole('button', { name: text.confirm }).click();
    await expect(page.getByText(text.done)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByLabel(text.filter).selectOption(`E2E ${tag}`);
    await expect(page).toHaveURL(/category=E2E/);
    await expect(page.getByTestId('pool-question')).toHaveCount(2);
    await expect(
      page.getByTestId('pool-question').first().getByTestId('pool-question-category-tag'),
    ).toContainText('Brandschutz');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: text.xml }).click();
    const file = await download;
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    const xml = await readFile(path, 'utf8');
    expect(xml).toContain(`$course$/top/E2E ${tag}/Brandschutz`);
    expect(xml).toContain(`Welcher Löscher passt zu Klasse {B} ${tag}?`);
  });
}
