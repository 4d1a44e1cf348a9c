import { describe, expect, it } from 'vitest';
import { imageUrl } from './get-wechat';

describe('WeChat image address', () => {
  it('stays same-origin in a browser and goes to the API host in the native app', () => {
    expect(imageUrl('/api/v1/wechat/qr', '/api/v1')).toBe('/api/v1/wechat/qr');
    expect(imageUrl('/api/v1/wechat/qr', 'https://kouyu.example.org/api/v1')).toBe(
      'https://kouyu.example.org/api/v1/wechat/qr',
    );
  });
});
