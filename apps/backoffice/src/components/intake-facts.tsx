import { Text } from '@mantine/core';
import { warrantyCoverageLabels, type ApplianceIntake } from '@repo/contracts';
import { Facts } from './facts.tsx';

type IntakeFactsProps = {
  /** The intake given at booking; null when the customer skipped it. */
  intake: ApplianceIntake | null;
  /** Extra-small text for the dispatch board's cards; the detail cards use the regular small size. */
  compact?: boolean;
};

/** The intake's lines as term → value, only those the customer gave. */
function intakeLines(intake: ApplianceIntake): [string, string][] {
  const lines: [string, string][] = [];
  if (intake.modelNumber) lines.push(['Model', intake.modelNumber]);
  if (intake.serialNumber) lines.push(['Serial', intake.serialNumber]);
  if (intake.warranty) {
    const company = intake.warranty === 'home-warranty' && intake.homeWarrantyCompany ? ` (${intake.homeWarrantyCompany})` : '';
    lines.push(['Warranty', `${warrantyCoverageLabels[intake.warranty]}${company}`]);
  }
  return lines;
}

/**
 * What the customer told at booking about the appliance: model and serial from the rating plate and the
 * warranty, as a named group of facts a screen reader can walk; one line saying so when they gave none. Shared by the
 * dispatch board, the tracking admin's appointment cards and the technician's My jobs.
 */
export function IntakeFacts({ intake, compact = false }: IntakeFactsProps) {
  const size = compact ? 'xs' : 'sm';
  const lines = intake ? intakeLines(intake) : [];
  if (lines.length === 0) {
    return (
      <Text size={size} c="dark.6" data-intake="none">
        No model, serial or warranty given at booking
      </Text>
    );
  }
  return (
    <div role="group" aria-label="Appliance intake from booking" data-intake="given">
      <Facts items={lines} size={size} />
    </div>
  );
}
