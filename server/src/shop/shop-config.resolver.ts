import { Query, Resolver } from 'type-graphql';
import { ShopConfig, type ShopSettings } from './shop-config.types';

/** Shop-wide settings: the payment provider, the pixel, the video upload limit. */
@Resolver()
export class ShopConfigResolver {
  private readonly settings: ShopSettings;

  constructor({ settings }: { settings: ShopSettings }) {
    this.settings = settings;
  }

  @Query(() => ShopConfig)
  shopConfig(): ShopConfig {
    return { ...this.settings };
  }
}
