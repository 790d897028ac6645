import { useState, type ReactNode } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldPath,
  type UseFormReturn,
} from 'react-hook-form';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import {
  genderIdentity,
  preferredContact,
  birthSexValues,
  profileGenders,
  sexualOrientation,
  type EditableProfile,
  type ProfileUpdateInput,
} from '@dermis/contract';
import { ErrorModal } from '../../../components/error-modal';
import { SectionCard } from '../../../components/section-card';
import { setServerErrors } from '../../../lib/api';
import { t, isMessageKey, type MessageKey } from '../../../lib/i18n';
import { useUpdateProfile } from '../api/editable-profile';
import { maxLengthOf, profileResolver, toFormValues, toRequest } from '../form-values';
import {
  countryOptions,
  ethnicityDetailOptions,
  ethnicityGroupOptions,
  languageOptions,
  raceDetailOptions,
  raceGroupOptions,
  stateOptions,
  type Option,
} from '../reference-options';

type Values = ProfileUpdateInput;
type Path = FieldPath<Values>;

interface EditProfileFormProps {
  profile: EditableProfile;
  /** The profile photo editor, placed in its section (composed by the route). */
  avatar?: ReactNode;
  /** After a successful save, and on Cancel. */
  onDone: () => void;
}

/** The error text of a field: the contract's key with the field's label and limit filled in. */
function errorText(form: UseFormReturn<Values>, path: Path): string | undefined {
  const parts = path.split('.');
  let node: unknown = form.formState.errors;
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: string } | undefined)?.message;
  if (!message) return undefined;
  const name = parts[parts.length - 1] ?? path;
  const label = `field.${name}`;
  const text = isMessageKey(message)
    ? t(message, { field: isMessageKey(label) ? t(label) : name, maxLength: maxLengthOf(path) })
    : message;
  // Both addresses have the same fields: the message names the address ('Secondary address: …'),
  // for a screen reader that hears it out of its section, and in the server's own words too.
  const address = parts[0];
  if (address === 'address1' || address === 'address2')
    return t(`editProfile.${address}Message`, { message: text });
  return text;
}

const label = (path: string): string => {
  const key = `field.${path.split('.').pop() ?? path}`;
  return isMessageKey(key) ? t(key) : path;
};

/** Spec 001 §2 "Edit profile": general, contact, two addresses and demographics, with Save and Cancel. */
export function EditProfileForm({ profile, avatar, onDone }: EditProfileFormProps) {
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const readOnly = profile.lkPatient;
  const demographicsLocked = readOnly || profile.demographicsImported;
  const form = useForm<Values>({
    resolver: profileResolver(profile),
    defaultValues: toFormValues(profile),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, register } = form;

  function onValid() {
    // The form's own values, as typed (the server trims them the same way).
    update.mutate(toRequest(form.getValues()), {
      onSuccess: onDone,
      // The server's field messages under their fields; the modal only for what has no field.
      onError: (error) => setFailure(setServerErrors(form, error, t('editProfile.error.save'))),
    });
  }

  const text = (
    path: Path,
    options: { required?: boolean; readOnly?: boolean; disabled?: boolean } = {},
  ) => ({
    label: label(path),
    withAsterisk: options.required,
    readOnly: options.readOnly,
    // Read-only names look it (filled), so no one tries to type into them.
    variant: options.readOnly ? 'filled' : undefined,
    disabled: readOnly || options.disabled,
    error: errorText(form, path),
    'data-testid': `field-${path}`,
    ...register(path),
  });

  return (
    <Stack gap="md">
      {readOnly && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          data-testid="lk-notice"
        >
          {t('editProfile.lkNotice')}
        </Alert>
      )}
      {profile.demographicsImported && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden />}
          data-testid="imported-notice"
        >
          {t('editProfile.importedNotice')}
        </Alert>
      )}

      {/* Outside the form: the photo editor's own buttons and modals must not submit the profile. */}
      {avatar && <SectionCard title={t('editProfile.section.photo')}>{avatar}</SectionCard>}

      <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
        <Stack gap="md">
          <SectionCard title={t('editProfile.section.general')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...text('firstName', { required: true, readOnly: true })} />
              <TextInput {...text('middleName', { readOnly: true })} />
              <TextInput {...text('lastName', { required: true, readOnly: true })} />
              <TextInput {...text('suffix')} />
              <TextInput {...text('previousName')} />
              <TextInput
                {...text('dateOfBirth', { required: true, disabled: demographicsLocked })}
                placeholder={t('editProfile.datePlaceholder')}
                inputMode="numeric"
              />
              <TextInput {...text('driversLicenceNumber')} />
            </SimpleGrid>
          </SectionCard>

          <SectionCard title={t('editProfile.section.contact')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                {...text('userEmail', { required: true })}
                type="email"
                autoComplete="email"
                description={
                  <span data-testid="email-status">
                    {t(`editProfile.emailStatus.${profile.userEmailStatus}`)}
                  </span>
                }
              />
              <SelectField
                control={control}
                form={form}
                path="preferredContact"
                disabled={readOnly}
                options={preferredContact.options.map((value) => ({
                  value,
                  label: t(`profile.contact.${value}`),
                }))}
              />
              <TextInput {...text('cellPhone')} type="tel" autoComplete="tel" />
              <TextInput {...text('homePhone')} type="tel" />
              <TextInput {...text('workPhone')} type="tel" />
              <TextInput {...text('workPhoneExt')} inputMode="numeric" />
              <TextInput {...text('otherPhone')} type="tel" />
              <TextInput {...text('fax')} type="tel" />
              {profile.directAddress && (
                <TextInput
                  label={t('field.directAddress')}
                  value={profile.directAddress}
                  readOnly
                  description={t('editProfile.directAddressHint')}
                />
              )}
            </SimpleGrid>
          </SectionCard>

          <AddressSection
            form={form}
            which="address1"
            title={t('editProfile.section.address1')}
            disabled={readOnly}
          />
          <AddressSection
            form={form}
            which="address2"
            title={t('editProfile.section.address2')}
            disabled={readOnly}
          />

          <SectionCard title={t('editProfile.section.demographics')}>
            <Demographics form={form} disabled={demographicsLocked} required={!profile.nonUsa} />
          </SectionCard>

          <VisuallyHidden role="status">{update.isPending ? t('editProfile.saving') : ''}</VisuallyHidden>
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} disabled={update.isPending}>
              {t('editProfile.cancel')}
            </Button>
            <Button type="submit" disabled={readOnly || update.isPending} data-testid="save-profile">
              {update.isPending ? t('editProfile.saving') : t('editProfile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ErrorModal message={failure} onClose={() => setFailure(null)} testId="edit-profile-error" />
    </Stack>
  );
}

interface SelectFieldProps {
  control: Control<Values>;
  form: UseFormReturn<Values>;
  path: Path;
  options: Option[];
  disabled?: boolean;
  required?: boolean;
  clearable?: boolean;
  searchable?: boolean;
  onPicked?: (value: string) => void;
  /** What the empty choice reads as, when it means more than "nothing chosen yet". */
  placeholder?: string;
}

/** A single-choice list bound to the form; '' is "nothing chosen". */
function SelectField({
  control,
  form,
  path,
  options,
  disabled,
  required,
  clearable = true,
  searchable,
  onPicked,
  placeholder,
}: SelectFieldProps) {
  return (
    <Controller
      control={control}
      name={path}
      render={({ field }) => (
        <Select
          label={label(path)}
          withAsterisk={required}
          placeholder={placeholder ?? t('editProfile.select')}
          data={options}
          value={typeof field.value === 'string' && field.value !== '' ? field.value : null}
          onChange={(value) => {
            field.onChange(value ?? '');
            onPicked?.(value ?? '');
          }}
          onBlur={field.onBlur}
          ref={field.ref}
          disabled={disabled}
          clearable={clearable}
          searchable={searchable}
          error={errorText(form, path)}
          data-testid={`field-${path}`}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}

function AddressSection({
  form,
  which,
  title,
  disabled,
}: {
  form: UseFormReturn<Values>;
  which: 'address1' | 'address2';
  title: string;
  disabled: boolean;
}) {
  const country = useWatch({ control: form.control, name: `${which}.country` });
  const states = stateOptions(country);
  const required = which === 'address1';
  const input = (name: 'streetAddressLn1' | 'streetAddressLn2' | 'city' | 'zip', isRequired = false) => {
    const path = `${which}.${name}` as const;
    return (
      <TextInput
        label={label(path)}
        withAsterisk={isRequired}
        disabled={disabled}
        error={errorText(form, path)}
        data-testid={`field-${path}`}
        {...form.register(path)}
      />
    );
  };
  return (
    <SectionCard title={title}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {input('streetAddressLn1', required)}
        {input('streetAddressLn2')}
        {input('city', required)}
        <SelectField
          control={form.control}
          form={form}
          path={`${which}.country`}
          options={countryOptions()}
          searchable
          required={required}
          disabled={disabled}
          // Changing a country clears the matching state (spec 001 §4).
          onPicked={() => form.setValue(`${which}.state`, '')}
        />
        {states && (
          <SelectField
            control={form.control}
            form={form}
            path={`${which}.state`}
            options={states}
            searchable
            required={required}
            disabled={disabled}
          />
        )}
        {input('zip', required)}
      </SimpleGrid>
    </SectionCard>
  );
}

function Demographics({
  form,
  disabled,
  required,
}: {
  form: UseFormReturn<Values>;
  disabled: boolean;
  required: boolean;
}) {
  const { control } = form;
  const identity = useWatch({ control, name: 'genderIdentity' });
  const orientation = useWatch({ control, name: 'sexualOrientation' });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          control={control}
          form={form}
          path="gender"
          clearable={false}
          disabled={disabled}
          options={profileGenders.map((value) => ({ value, label: t(`profile.gender.${value}`) }))}
        />
        <SelectField
          control={control}
          form={form}
          path="birthSex"
          disabled={disabled}
          // Cleared, the answer is "not given" (stored as none), apart from "Unknown".
          placeholder={t('profile.birthSex.notGiven')}
          options={birthSexValues.map((value) => ({ value, label: t(`profile.birthSex.${value}`) }))}
        />
        <SelectField
          control={control}
          form={form}
          path="preferredLanguageIsoCode"
          options={languageOptions()}
          searchable
          required={required}
          disabled={disabled}
        />
        <SelectField
          control={control}
          form={form}
          path="genderIdentity"
          disabled={disabled}
          options={genderIdentity.options.map((value) => ({
            value,
            label: t(`profile.genderIdentity.${value}`),
          }))}
          // Deselecting OTHER clears and hides its free text (spec 001 §4).
          onPicked={(value) => value !== 'OTHER' && form.setValue('genderIdentityOther', '')}
        />
        {identity === 'OTHER' && (
          <TextInput
            label={label('genderIdentityOther')}
            disabled={disabled}
            error={errorText(form, 'genderIdentityOther')}
            data-testid="field-genderIdentityOther"
            {...form.register('genderIdentityOther')}
          />
        )}
        <SelectField
          control={control}
          form={form}
          path="sexualOrientation"
          disabled={disabled}
          options={sexualOrientation.options.map((value) => ({
            value,
            label: t(`profile.sexualOrientation.${value}`),
          }))}
          onPicked={(value) => value !== 'OTHER' && form.setValue('sexualOrientationOther', '')}
        />
        {orientation === 'OTHER' && (
          <TextInput
            label={label('sexualOrientationOther')}
            disabled={disabled}
            error={errorText(form, 'sexualOrientationOther')}
            data-testid="field-sexualOrientationOther"
            {...form.register('sexualOrientationOther')}
          />
        )}
      </SimpleGrid>
      <GroupedCodes
        form={form}
        field="races"
        byGroupField="racesByGroup"
        groups={raceGroupOptions()}
        details={raceDetailOptions}
        detailLabel="editProfile.raceGroupDetail"
        disabled={disabled}
        required={required}
      />
      <GroupedCodes
        form={form}
        field="ethnicities"
        byGroupField="ethnicitiesByGroup"
        groups={ethnicityGroupOptions()}
        details={ethnicityDetailOptions}
        detailLabel="editProfile.ethnicityGroupDetail"
        disabled={disabled}
        required={required}
      />
    </Stack>
  );
}

/** Parent groups to pick, and under each picked one its detailed codes (racesByGroup). */
function GroupedCodes({
  form,
  field,
  byGroupField,
  groups,
  details,
  detailLabel,
  disabled,
  required,
}: {
  form: UseFormReturn<Values>;
  field: 'races' | 'ethnicities';
  byGroupField: 'racesByGroup' | 'ethnicitiesByGroup';
  groups: Option[];
  details: (group: string) => Option[];
  detailLabel: MessageKey;
  disabled: boolean;
  required: boolean;
}) {
  const selected = useWatch({ control: form.control, name: field });
  const byGroup = useWatch({ control: form.control, name: byGroupField });
  return (
    <Stack gap="xs">
      <Controller
        control={form.control}
        name={field}
        render={({ field: input }) => (
          <MultiSelect
            label={label(field)}
            withAsterisk={required}
            placeholder={input.value.length === 0 ? t('editProfile.select') : undefined}
            data={groups}
            value={input.value}
            onChange={(value) => {
              input.onChange(value);
              // Unselecting a parent drops the child values of that group (spec 001 §4).
              form.setValue(
                byGroupField,
                byGroup.filter((g) => value.includes(g.group)),
              );
            }}
            onBlur={input.onBlur}
            ref={input.ref}
            disabled={disabled}
            error={errorText(form, field)}
            data-testid={`field-${field}`}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      {selected.map((group) => {
        const options = details(group);
        if (options.length === 0) return null;
        const name = groups.find((g) => g.value === group)?.label ?? group;
        const values = byGroup.find((g) => g.group === group)?.values ?? [];
        return (
          <MultiSelect
            key={group}
            label={t(detailLabel, { group: name })}
            data={options}
            value={values}
            searchable
            disabled={disabled}
            onChange={(next) =>
              form.setValue(byGroupField, [
                ...byGroup.filter((g) => g.group !== group),
                ...(next.length > 0 ? [{ group, values: next }] : []),
              ])
            }
          />
        );
      })}
      {selected.length === 0 && !required && (
        <Text size="sm" c="dimmed">
          {t('editProfile.none')}
        </Text>
      )}
    </Stack>
  );
}
