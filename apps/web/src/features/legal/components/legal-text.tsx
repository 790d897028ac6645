import { Stack, Text, Title } from '@mantine/core';
import { t } from '../../../lib/i18n';
import type { LegalDocument } from '../legal-documents';

/** The body of a legal page below its h1: an introduction and one h2 section per topic. */
export function LegalText({ document }: { document: LegalDocument }) {
  return (
    <Stack gap="md" maw={760}>
      <Text>{t(document.intro)}</Text>
      {document.sections.map((section) => (
        <section key={section.heading}>
          <Title order={2} size="h3">
            {t(section.heading)}
          </Title>
          <Text mt={4}>{t(section.body)}</Text>
        </section>
      ))}
    </Stack>
  );
}
