import { graphql } from '../gql';

/** Whether the shop has an advertising pixel at all; without one no banner is shown. */
export const SHOP_PIXEL_QUERY = graphql(`
  query ShopPixel {
    shopConfig {
      pixelId
    }
  }
`);
