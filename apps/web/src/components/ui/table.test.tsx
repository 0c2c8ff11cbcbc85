import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table } from './table';

describe('Table', () => {
  it('with cards: names each cell after its column, marks the top columns and keeps the table roles', () => {
    const { rerender } = render(
      <Table
        headers={[
          'Name',
          'Quelle',
          'Fortschritt',
          <span key="a" className="is-sr-only">
            Aktionen
          </span>,
        ]}
        cards={{ top: [0, 2] }}
        testId="t"
      >
        <tr>
          <td>Sara</td>
          <td>gratis</td>
          <td>60 %</td>
          <td>
            <button type="button">Entfernen</button>
          </td>
        </tr>
      </Table>,
    );
    const table = screen.getByTestId('t');
    expect(table.className).toContain('is-cards-on-mobile');
    expect(screen.getAllByRole('columnheader')).toHaveLength(4);
    const cells = screen.getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Name', 'Quelle', 'Fortschritt', '']);
    expect(cells.map((c) => c.getAttribute('data-card-top'))).toEqual(['heading', null, 'top', null]);
    expect(screen.getAllByRole('row')).toHaveLength(2);

    // rows that come with a later render are named as well
    rerender(
      <Table headers={['Name', 'Quelle', 'Fortschritt', 'Aktionen']} cards={{ top: [0, 2] }} testId="t">
        <tr>
          <td>Sara</td>
          <td>gratis</td>
          <td>60 %</td>
          <td />
        </tr>
        <tr>
          <td>Max</td>
          <td>Firma</td>
          <td>0 %</td>
          <td />
        </tr>
      </Table>,
    );
    expect(screen.getAllByRole('cell').map((c) => c.getAttribute('data-label'))).toEqual([
      'Name',
      'Quelle',
      'Fortschritt',
      'Aktionen',
      'Name',
      'Quelle',
      'Fortschritt',
      'Aktionen',
    ]);
  });

  it('without cards: a plain table that scrolls sideways', () => {
    render(
      <Table headers={['Name']} testId="t">
        <tr>
          <td>Sara</td>
        </tr>
      </Table>,
    );
    expect(screen.getByTestId('t').className).not.toContain('is-cards-on-mobile');
    expect(screen.getByRole('cell').hasAttribute('data-label')).toBe(false);
  });
});
