import { Radio, Stack, Text, TextInput } from '@mantine/core';
import { intakeLimits, ratingPlateHelp, warrantyCoverageLabels, warrantyCoverages } from '@repo/contracts';
import type { FieldErrorsState } from '@repo/ui';

export type IntakeField = 'modelNumber' | 'serialNumber' | 'warranty' | 'homeWarrantyCompany';
export type IntakeValues = Record<IntakeField, string>;

type Props = {
  appliance: string;
  values: IntakeValues;
  errors: FieldErrorsState<IntakeField>;
  onFieldChange: (name: IntakeField, value: string) => void;
};

const plateHelpOf = (appliance: string) => (appliance in ratingPlateHelp ? ratingPlateHelp[appliance as keyof typeof ratingPlateHelp] : undefined);

/**
 * The optional intake of step 2: model and serial number from the rating plate, with where the plate usually
 * is for the chosen appliance (a native disclosure, so keyboards and screen readers get it for free), and the warranty.
 * All of it can be skipped: it only helps the technician bring the right part the first time.
 */
export function ApplianceIntakeFields({ appliance, values, errors, onFieldChange }: Props) {
  const plateHelp = plateHelpOf(appliance);
  const text = (name: IntakeField) => ({
    ...errors.inputProps(name),
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onFieldChange(name, event.currentTarget.value),
  });
  const plateInput = { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: intakeLimits.plateMax } as const;
  return (
    <fieldset className="intake-fieldset">
      <Text component="legend" fw={700}>
        About your appliance (optional)
      </Text>
      <Stack gap="sm">
        <Text size="sm" c="dark.6" id="intake-hint">
          Skip this if it is not to hand. The model and serial number from the rating plate help the technician bring the right part the first time.
        </Text>
        <details className="rating-plate-help">
          <summary>Where to find the rating plate</summary>
          <Text size="sm" mt={4} data-testid="rating-plate-help">
            {plateHelp ? `${appliance}: ${plateHelp}` : `Choose the appliance above to see where its plate usually is. Most often: ${ratingPlateHelp.Other}`}
          </Text>
        </details>
        <div className="intake-numbers">
          <TextInput label="Model number" placeholder="e.g. WRF555SDFZ" description="Letters, digits, spaces and - / ." {...plateInput} {...text('modelNumber')} />
          <TextInput label="Serial number" placeholder="e.g. FTA1234567" {...plateInput} {...text('serialNumber')} />
        </div>
        <Radio.Group
          label="Is it under a warranty?"
          name="warranty"
          value={values.warranty || null}
          onChange={(value) => onFieldChange('warranty', value)}
          {...errors.inputProps('warranty')}
        >
          <Stack gap={8} mt={6}>
            {warrantyCoverages.map((coverage) => (
              <Radio key={coverage} value={coverage} label={warrantyCoverageLabels[coverage]} />
            ))}
          </Stack>
        </Radio.Group>
        {values.warranty === 'home-warranty' ? (
          <TextInput
            label="Home-warranty company (optional)"
            placeholder="e.g. American Home Shield"
            autoComplete="off"
            maxLength={intakeLimits.homeWarrantyCompany}
            {...text('homeWarrantyCompany')}
          />
        ) : null}
      </Stack>
    </fieldset>
  );
}
