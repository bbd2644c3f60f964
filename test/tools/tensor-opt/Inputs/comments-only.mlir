// only a comment

   // and another
