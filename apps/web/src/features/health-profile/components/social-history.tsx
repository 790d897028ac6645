import { Checkbox, Radio, Stack, Text } from '@mantine/core';
import { socialHistoryCategories, type SocialHistorySection } from '@dermis/contract';
import { t } from '../../../lib/i18n';
import { codeText } from '../code-text';
import { toggleSocial, type SocialSelection } from '../history-draft';

interface SocialHistoryFormProps {
  sections: readonly SocialHistorySection[];
  selection: SocialSelection;
  onChange: (next: SocialSelection) => void;
}

/** Social history's categories (spec 001 §3, §4): one choice (radio) or several (checkboxes). */
export function SocialHistoryForm({ sections, selection, onChange }: SocialHistoryFormProps) {
  return (
    <Stack gap="lg">
      {sections.map((section) => {
        const category = socialHistoryCategories[section];
        const label = t(`history.section.${section}`);
        if (!category.multiple) {
          return (
            <Radio.Group
              key={section}
              label={label}
              value={selection[section][0] ?? null}
              onChange={(code) => onChange({ ...selection, [section]: [code] })}
              data-testid={`social-${section}`}
            >
              <Stack gap={6} mt="xs">
                {category.options.map((option) => (
                  <Radio
                    key={option.code}
                    value={option.code}
                    label={codeText(option.code, option.display)}
                  />
                ))}
              </Stack>
            </Radio.Group>
          );
        }
        return (
          <Checkbox.Group
            key={section}
            label={label}
            value={selection[section]}
            data-testid={`social-${section}`}
            onChange={(value) => {
              // The one option that changed, then the category's rules (spec 001 §4).
              const before = selection[section];
              const code = value.find((c) => !before.includes(c)) ?? before.find((c) => !value.includes(c));
              if (code) onChange(toggleSocial(selection, section, code));
            }}
          >
            <Stack gap={6} mt="xs">
              {category.options.map((option) => (
                <Checkbox
                  key={option.code}
                  value={option.code}
                  label={codeText(option.code, option.display)}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        );
      })}
    </Stack>
  );
}

/** The profile page's Social History block: what was answered in each category. */
export function SocialHistorySummary({
  sections,
  selection,
}: {
  sections: readonly SocialHistorySection[];
  selection: SocialSelection;
}) {
  return (
    <Stack gap="xs" component="dl" m={0}>
      {sections.map((section) => (
        <div key={section}>
          <Text component="dt" size="sm" c="dimmed">
            {t(`history.section.${section}`)}
          </Text>
          <Text component="dd" m={0} data-testid={`social-summary-${section}`}>
            {selection[section].length > 0
              ? selection[section].map((code) => codeText(code)).join(', ')
              : t('healthProfile.notAnswered')}
          </Text>
        </div>
      ))}
    </Stack>
  );
}
