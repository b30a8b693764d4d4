import { Badge } from '@mantine/core';
import { STOCK_STATUS_COLORS, STOCK_STATUS_LABELS, type StockStatus } from './stock-status';

export function StockStatusBadge({ status }: { status: StockStatus }) {
  return (
    <Badge miw="max-content" color={STOCK_STATUS_COLORS[status]} variant="light">
      {STOCK_STATUS_LABELS[status]}
    </Badge>
  );
}
