import { Table, Text } from '@mantine/core';
import { formatCents, type InvoiceLine } from '@repo/contracts';

/**
 * The body rows of an invoice's or an estimate's lines, as the customer reads them: the description with its unit
 * price (and whether it is taxed) under it, the quantity and the amount. Three columns, so a 390 px phone shows them
 * without scrolling sideways: a long description wraps.
 */
export function PricedLineRows({ lines }: { lines: readonly InvoiceLine[] }) {
  return (
    <Table.Tbody>
      {lines.map((line) => (
        <Table.Tr key={line.position}>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>
            {line.description}
            <Text span size="xs" display="block">
              {formatCents(line.unitPriceCents)} each{line.taxable ? ', taxable' : ''}
            </Text>
          </Table.Td>
          <Table.Td ta="right">{line.quantity}</Table.Td>
          <Table.Td ta="right">{formatCents(line.amountCents)}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}
