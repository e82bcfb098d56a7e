import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PropertyValueEditor, valueProblem } from './PropertyValueEditor';

describe('PropertyValueEditor', () => {
  it('edits a boolean with a switch named by the code, answering true or false as text', () => {
    const onChange = vi.fn();
    render(<PropertyValueEditor code="system.user.register.review" type="boolean" value="false" onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'system.user.register.review' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith('true');
  });

  it('edits JSON as text and says why it does not parse', () => {
    const onChange = vi.fn();
    const { rerender } = render(<PropertyValueEditor code="custom.json" type="json" value='{"a": 1}' onChange={onChange} />);
    expect(screen.queryByText(/JSON 格式不正确/)).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'custom.json' }), { target: { value: '{"a": ' } });
    expect(onChange).toHaveBeenCalledWith('{"a": ');
    rerender(<PropertyValueEditor code="custom.json" type="json" value='{"a": ' onChange={onChange} />);
    expect(screen.getByText(/^JSON 格式不正确：/)).toBeTruthy();
    expect(valueProblem('json', '{"a": ')).toMatch(/^JSON 格式不正确：/);
    expect(valueProblem('json', '[1, 2]')).toBeNull();
    expect(valueProblem('text', '{"a": ')).toBeNull();
  });

  it('shows an image value instead of editing it, and points to the UI settings page', () => {
    render(<PropertyValueEditor code="system.ui.logo" type="image" value="data:image/png;base64,iVBORw0KGgo=" onChange={vi.fn()} />);
    expect(screen.getByRole('img', { name: 'system.ui.logo' }).getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('在「界面设置」中上传')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
